/** Passwords of operators (console-contract.md, one-time links): at least 12 characters, at most 256. */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 256;

/** The password field's fault as a text key with its count, or null (the server checks the same bounds). */
export function passwordFault(password: string): { key: string; count: number } | null {
  if (password.length < PASSWORD_MIN) return { key: 'auth.passwordTooShort', count: PASSWORD_MIN };
  if (password.length > PASSWORD_MAX) return { key: 'auth.passwordTooLong', count: PASSWORD_MAX };
  return null;
}
