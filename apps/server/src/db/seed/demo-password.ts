/** The password of every demo user (shown in the README). */
export const DEMO_PASSWORD = 'hasp-demo-2026';
