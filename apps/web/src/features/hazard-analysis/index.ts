// Hazard analysis: the permit page's section and the risk matrix settings.

// app/ composes them.

export { HazardAnalysisSection } from './components/HazardAnalysisSection';
export { RiskMatrixSettings } from './components/RiskMatrixSettings';

// Its offline rules (app/ hands them to the permit page's offline source).
export { hazardAnalysisOfflineApplier } from './offline-apply';
