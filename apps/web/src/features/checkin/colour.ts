// The colour arithmetic lives in the domain since the console previews a venue's colours with it (O3.3).
export {
  contrast,
  parseColour,
  type Rgb,
  readableTextOn,
  shadeOnWhite,
  tintOnWhite,
  toHex,
} from '@venue-voice/domain';
