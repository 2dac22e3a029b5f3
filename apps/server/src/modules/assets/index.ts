// Asset Manage: the tree of areas and assets, components, energy sources, isolation points and
// photos.

export { assetRoutes } from './asset.routes';
/** A master list's active values, as the pickers read them (the offline download stores the hazard lists). */
export { listMasterItems } from './asset-detail.service';
/** The area edit, as the demo seed gives the demo areas their supervisor through it (decision 0080). */
export { editArea, getArea } from './asset-tree.service';
/** The facility's asset tree lock, as every tree change takes it (Import Manage's commit too). */
export { lockTree as lockAssetTree } from './asset-records.policy';
