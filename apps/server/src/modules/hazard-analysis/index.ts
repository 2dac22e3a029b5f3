// Hazard analysis on permits (decision 0047): hazards, risk scores against the facility's risk
// matrix, and its request guard.

// Exports the routes, the commands (the demo seed gives them), and the registration of its request
// guard and signed content.

export { hazardAnalysisRoutes } from './hazard-analysis.routes';
export { hazardAnalysisCommands } from './hazard-analysis-command.service';
export { configureRiskMatrix } from './risk-matrix.service';
export { hazardAnalysisLifecycle } from './hazard-analysis.guards';
export { readHazardAnalysisSection, readHazardAnalysisSectionsForPermits } from './hazard-analysis-section';
