/** Every permit-page query key, in one place: commands update and invalidate by these. */
export const permitKeys = {
  all: ['permits'] as const,
  permit: (id: number) => [...permitKeys.all, 'permit', id] as const,
  history: (id: number) => [...permitKeys.all, 'history', id] as const,
  /** Under the history's key: what refreshes the history refreshes the handover log. */
  handovers: (id: number) => [...permitKeys.history(id), 'handovers'] as const,
  type: (code: string) => [...permitKeys.all, 'type', code] as const,
  rejectionReasons: () => [...permitKeys.all, 'rejection-reasons'] as const,
};
