/** The notices module's face: what other modules may use. */
export {
  dateRu,
  mailHtml,
  noticePreferences,
  registerStaffAddress,
  staffEmails,
  tellStaff,
  tellUser,
  type Channels,
  type Telling,
  type Tidings,
} from './tell.js';
export { saveNoticePreferences } from './queries.js';
