import { defineCaptions } from './define-captions';

// Captions of picking a lock by scanning its QR label (features/isolation-plan's point lock picker)
// and of asking before a second lock of one person goes on one point.

export const lockScanLabels = defineCaptions('Label', 'LockScan', {
  title: 'Scan the lock',
  hint: "Point the phone's back camera at the QR label on the lock.",
  video: 'Camera view',
  starting: 'Starting the camera…',
  cameraRefused:
    "The camera was refused. Allow the camera in the browser's settings, or choose the lock from the list.",
  cameraAbsent: 'This device has no camera Hasp can use. Choose the lock from the list.',
  cameraFailed: 'The camera could not start. Choose the lock from the list.',
  notALabel: 'This QR code is not a Hasp lock label.',
  otherFacility: 'Lock {{serial}} belongs to another facility.',
  notApplicable: 'Lock {{serial}} is not yours or assigned to this permit.',
  picked: 'Lock {{serial}} picked: apply it.',
  secondTitle: 'A second lock?',
  secondQuestion: 'You already have lock {{serial}} on this point. Apply a second lock?',
});

export const lockScanButtons = defineCaptions('Button', 'LockScan', {
  scan: 'Scan lock',
  cancel: 'Cancel',
  applySecond: 'Apply a second lock',
});
