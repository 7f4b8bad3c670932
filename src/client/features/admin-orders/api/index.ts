// OrderActions.tsx (being rewritten) still imports its keys from '../api'; the rest of the feature imports each
// endpoint's file. Goes once OrderActions calls its endpoints through files of their own.
export { orderKeys } from './keys';
