// The digest (issue 30 item 3, decision 0251): who gets it when (the domain's O13.x), what it says
// (the report services' figures), how it is worded (four languages, text and HTML) and the hourly job.
export { type DigestContent, digestContent } from './content';
export { type DigestMailInput, digestMail } from './mail';
export { type DigestDeps, sendDueDigests } from './send';
export { readDigestSetting, saveDigestSetting } from './settings';
