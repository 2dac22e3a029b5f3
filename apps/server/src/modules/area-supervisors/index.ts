// Who supervises each area, and the nearest-area-up rule a notice's "area supervisors" resolve by
// (decision 0080).

// The assets module edits them with the area; notification-templates resolves the "area
// supervisors" relationship through them. It imports no other module, so both can use it without a
// cycle.

export {
  areaSupervisorIdsOfPermit,
  nearestSupervisedArea,
  permitAreaIds,
  replaceAreaSupervisors,
  storedSupervisorIds,
  type SupervisedArea,
} from './area-supervisors.repository';
