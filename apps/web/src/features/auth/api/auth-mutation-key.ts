/** Shared by the sign-in and sign-up mutations so the dialog can tell when either one is in flight. */
export const AUTH_MUTATION_KEY = ['auth'] as const;
