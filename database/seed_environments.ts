/**
 * Issue 23 item 5: demo accounts, demo catalog, demo workspace, demo billing and demo notes
 * seed only here. In production `db:seed` loads plan prices and feature flags, nothing personal
 * (the demo password is printed in the README).
 */
export const DEMO_ENVIRONMENTS = ['development', 'test']

/** Seeders every deployment needs: the plan catalog (price ids) and the feature flags. */
export const ALL_ENVIRONMENTS = ['development', 'test', 'production']
