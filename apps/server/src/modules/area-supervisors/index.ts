// The area-supervisors module's public surface (decision 0080): who supervises each area. The
// assets module edits them with the area; notification-templates resolves the "area supervisors"
// relationship through them. It imports no other module, so both can use it without a cycle.
export {
  areaSupervisorIdsOfPermit,
  nearestSupervisedArea,
  permitAreaIds,
  replaceAreaSupervisors,
  storedSupervisorIds,
  type SupervisedArea,
} from './area-supervisors.repository';
