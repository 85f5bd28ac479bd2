export { LinksScreen } from './links-screen';
