import {
  FILE_TOO_LARGE,
  INVALID_FILE_TYPE,
  PROSPECT_FILE_MAX_BYTES,
  prospectFileExtension,
} from '@ringcast/shared-types';
import type { FileUploadRule } from '../../middlewares/fileUpload';

/** A prospect file, whoever sends it (the customer's upload, or an admin's purchased list). */
export const PROSPECT_FILE_UPLOAD: FileUploadRule = {
  field: 'file',
  maxBytes: PROSPECT_FILE_MAX_BYTES,
  acceptsName: (name) => prospectFileExtension(name) !== null,
  wrongTypeMessage: INVALID_FILE_TYPE.description,
  tooLargeMessage: FILE_TOO_LARGE.description,
};
