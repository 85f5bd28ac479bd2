export { StaffScreen } from './staff-screen';
