/** The passcode key of the tests' apps (any 32 bytes); the harness passes it unless a test gives another. */
export const TEST_PASSCODE_KEY = Buffer.alloc(32, 7);
