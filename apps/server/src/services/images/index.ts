export { ACCEPTED_TYPES, type AcceptedType, type DetectedType, detectImageType } from './detect';
export {
  MAX_EDGE,
  MAX_INPUT_PIXELS,
  type ProcessedPhoto,
  processPhoto,
  type RejectReason,
  THUMBNAIL_EDGE,
  uploadRejected,
} from './process';
