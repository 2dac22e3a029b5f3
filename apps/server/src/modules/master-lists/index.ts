// Master List Manage: list types and their items, whose texts are captions.

export { itemCaptionSql } from './item-caption';
export { masterListRoutes } from './master-list.routes';
