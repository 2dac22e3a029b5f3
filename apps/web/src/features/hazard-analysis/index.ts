// Hazard analysis: the permit page's section and the risk matrix settings.

// app/ composes them.

export { HazardAnalysisSection } from './components/HazardAnalysisSection';
export { RiskMatrixSettings } from './components/RiskMatrixSettings';
