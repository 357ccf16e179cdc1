/** The do-not-call list: who may not be called, and the one way a number is added to it. */
export {
  addToDoNotCall,
  doNotCallListOf,
  isNotToCall,
  numbersNotToCall,
  stopCallingNumber,
} from './doNotCall';
export { stopCallingNumbers } from './stopCallingNumbers';
