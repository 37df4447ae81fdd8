import { type Notice } from '@portal/contract';
import { useNavigate } from 'react-router';
import { notifyError } from '../../lib/notify';
import { useMarkNoticeRead } from './api';

/** Opening a notice marks it read (notice/get) and goes to what it is about. */
export function useOpenNotice() {
  const markRead = useMarkNoticeRead();
  const navigate = useNavigate();
  return async (notice: Notice) => {
    try {
      await markRead.mutateAsync(notice);
      if (notice.link && notice.link !== '/notice/') await navigate(notice.link);
    } catch (err) {
      notifyError(err);
    }
  };
}
