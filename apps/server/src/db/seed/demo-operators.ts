/**
 * The demo's console sign-ins (operator-side.md "Demo data", a contract for tests and demos): the owner of
 * company `demo`, and a manager of branch 1 only.
 */
export const DEMO_SIGN_INS = {
  owner: { email: 'owner@demo.test', password: 'demo-owner-1234' },
  manager: { email: 'soho@demo.test', password: 'demo-manager-1234' },
} as const;

/**
 * Their rows. The hashes are argon2id PHC strings of the passwords above, made once with the server's
 * parameters (services/operators/password.ts), so seeding costs no hashing and the seed's digest (the
 * demo template's name, decision 0165) stays the same from run to run. A fixed salt is no weakness here:
 * the passwords are published.
 */
export const DEMO_OPERATORS = [
  {
    id: 1,
    email: DEMO_SIGN_INS.owner.email,
    name: 'Olivia Owner',
    role: 'owner',
    language: 'en-gb',
    passwordHash:
      '$argon2id$v=19$m=19456,t=2,p=1$3sulKaJ2xC6+QXOhxcIltw$AJyHqir5sf0DJh+/jpLlB7aM+HH+Am4KKteQZXHn7zM',
  },
  {
    id: 2,
    email: DEMO_SIGN_INS.manager.email,
    name: 'Sam Soho',
    role: 'manager',
    language: 'en-gb',
    passwordHash:
      '$argon2id$v=19$m=19456,t=2,p=1$0BsaqH+Tfa5V5M/Ke3F+tQ$7JtANJIK9lvyjmcPwBBZTbhypCK9uVEyHhKTMgmZbog',
  },
];

/** The manager's branch. */
export const DEMO_OPERATOR_BRANCHES = [{ operatorId: 2, branchId: 1 }];
