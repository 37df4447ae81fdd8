import { type Notice } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { notifyError } from '../../lib/notify';
import { rest } from '../../lib/rest';
import { noticesKeys } from './api';

/** Opening a notice marks it read (notice/get) and goes to what it is about. */
export function useOpenNotice() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (notice: Notice) => {
    try {
      if (!notice.wasRead) await rest('notice/get', { id: notice.id });
      await queryClient.invalidateQueries({ queryKey: noticesKeys.all });
      if (notice.link && notice.link !== '/notice/') await navigate(notice.link);
    } catch (err) {
      notifyError(err);
    }
  };
}
