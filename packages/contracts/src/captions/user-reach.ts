import { USER_CONTACT_MAX, USER_DEPARTMENT_MAX } from '../user-manage';
import { defineCaptions } from './define-captions';

/** A user's department and contact, as User Manage and the user's own profile edit them. */
export const userReachLabels = defineCaptions('Label', 'UserReach', {
  department: 'Department or crew',
  'department::description': 'Optional. Printed beside the name on the danger tags this person hangs.',
  contact: 'Contact',
  'contact::description': 'Optional. A phone number or radio channel, printed on their tags so they can be reached.',
});

export const userReachMessages = defineCaptions('Message', 'UserReach', {
  departmentInvalid: `Use at most ${USER_DEPARTMENT_MAX} printable characters.`,
  contactInvalid: `Use at most ${USER_CONTACT_MAX} characters: letters, digits, spaces and + ( ) - . / # , : *`,
});
