import Box from '@mui/material/Box';
import type { FieldError } from 'react-hook-form';
import { allFieldMessages } from '../lib/forms';

/**
 * The helper text of a new password: the rules while nothing is wrong, else every broken rule at once, one
 * to a line (docs/spec/05-validation.md), not one per attempt. The form validates with `criteriaMode: 'all'`.
 */
export function PasswordRules({ error, hint }: { error: FieldError | undefined; hint: string }) {
  const messages = allFieldMessages(error);
  if (messages.length === 0) return <>{hint}</>;
  return (
    <>
      {messages.map((m) => (
        <Box component="span" key={m} sx={{ display: 'block' }} data-testid="password-rule">
          {m}
        </Box>
      ))}
    </>
  );
}
