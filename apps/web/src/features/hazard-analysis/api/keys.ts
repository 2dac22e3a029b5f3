/** The hazard analysis feature's query keys (one place: decision 0026). */
export const hazardKeys = {
  analysis: (permitId: number) => ['hazard-analysis', permitId] as const,
  list: (listKey: 'hazards' | 'controls') => ['hazard-analysis', 'master-list', listKey] as const,
  matrix: () => ['hazard-analysis', 'matrix'] as const,
};
/** The permit page's query (features/permits' key): a line changes the permit's risk level and buttons. */
export const permitKey = (permitId: number) => ['permits', 'permit', permitId] as const;
