import type { AssetStatus, ImportCount, ImportIssue } from '@hasp/contracts';

/** What a checked file would write: the rows of each kind, parents by number (the commit resolves them). */
export interface AreaPlan {
  number: string;
  name: string;
  description: string;
  parentNumber: string | null;
}
export interface AssetPlan {
  number: string;
  description: string;
  areaNumber: string;
  parentNumber: string | null;
  manufacturer: string;
  location: string;
  lotoRequired: boolean;
  status: AssetStatus;
}
export interface ComponentPlan {
  assetNumber: string;
  number: string;
  name: string;
  description: string;
}
export interface EnergyPlan {
  assetNumber: string;
  componentNumber: string;
  typeId: number;
  magnitude: number | null;
  unit: string;
  stored: boolean;
  description: string;
}
export interface PointPlan {
  assetNumber: string;
  componentNumber: string;
  code: string;
  deviceTypeId: number;
  location: string;
  normalPosition: string;
  isolatedPosition: string;
  lockable: boolean;
  tagOnlyMeasure: string;
  verificationMethod: string;
}
export interface ImportPlan {
  areas: AreaPlan[];
  assets: AssetPlan[];
  components: ComponentPlan[];
  energy: EnergyPlan[];
  points: PointPlan[];
}

export interface ValidationResult {
  issues: ImportIssue[];
  issueCount: number;
  counts: ImportCount[];
  plan: ImportPlan;
}
