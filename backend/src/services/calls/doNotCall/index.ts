/** The do-not-call list: who may not be called, and the one way a number is added to it. */
export { addToDoNotCall, scopeOf, type DoNotCallDetails, type DoNotCallOwner } from './addToDoNotCall';
export { doNotCallListOf, isNotToCall, markProspectsNotToCall, numbersNotToCall } from './doNotCall';
export { stopCallingNumbers } from './stopCallingNumbers';
