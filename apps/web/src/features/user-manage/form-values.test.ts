import { describe, expect, it } from 'vitest';
import { formValuesOf, inputOf, userFormProblems } from './form-values';

describe('user form values', () => {
  it('starts a new user in the current facility', () => {
    expect(formValuesOf(null, 3)).toMatchObject({ userName: '', facilityIDs: ['3'], groupIDs: [] });
  });

  it('trims and turns an empty e-mail into null', () => {
    const values = { ...formValuesOf(null, 1), userName: ' jo ', displayName: ' Jo ', email: ' ', groupIDs: ['4'] };
    expect(inputOf(values)).toEqual({
      userName: 'jo',
      displayName: 'Jo',
      email: null,
      department: null,
      contact: null,
      isActiveDirectoryUser: false,
      groupIDs: [4],
      facilityIDs: [1],
    });
  });

  it('names each problem at its field', () => {
    expect(userFormProblems({ ...formValuesOf(null, 1), userName: 'a b', email: 'nope' })).toEqual({
      userName: 'userNameSpaces',
      displayName: 'nameRequired',
      email: 'emailInvalid',
    });
  });

  it('sends a department and contact trimmed, empty as none, and names characters a contact cannot hold', () => {
    const values = { ...formValuesOf(null, 1), department: ' Crew B ', contact: ' Radio ch. 4 ' };
    expect(inputOf(values)).toMatchObject({ department: 'Crew B', contact: 'Radio ch. 4' });
    expect(inputOf({ ...values, department: ' ', contact: '' })).toMatchObject({ department: null, contact: null });
    expect(userFormProblems({ ...values, displayName: 'Jo', userName: 'jo', contact: 'call <me>' })).toEqual({
      contact: 'contactInvalid',
    });
  });
});
