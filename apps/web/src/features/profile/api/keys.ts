/**
 * Every profile query key, in one place. Keyed by connection and user so a second sign-in in the
 * same tab never sees the first one's answers.
 */
export const profileKeys = {
  all: ['profile'] as const,
  me: (connection: string, userId: number) => [...profileKeys.all, 'me', connection, userId] as const,
  sessions: (connection: string, userId: number) => [...profileKeys.all, 'sessions', connection, userId] as const,
};
