/** The notices module's face: what other modules may use. */
export {
  dateRu,
  noticePreferences,
  saveNoticePreferences,
  staffEmails,
  tellStaff,
  tellUser,
  type Channels,
  type Telling,
  type Tidings,
} from './tell.js';
