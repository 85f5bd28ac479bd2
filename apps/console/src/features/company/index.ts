export { CompanyScreen } from './company-screen';
