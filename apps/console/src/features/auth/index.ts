export { authApi } from './auth-api';
export { ForgotScreen } from './forgot-screen';
export { LinkScreen } from './link-screen';
export { SignInScreen } from './sign-in-screen';
