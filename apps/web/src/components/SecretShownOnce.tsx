import Button, { type ButtonProps } from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { notifySuccess } from '../lib/notify';

/**
 * A secret the server shows once (an API key, a webhook's secret, a price list's link: decisions 210, 212, 225):
 * read-only, in monospace, selected whole on focus so that it is copied in one go.
 */
export function SecretField({
  label,
  value,
  size,
  autoFocus,
}: {
  label: string;
  value: string;
  size?: 'small' | 'medium';
  autoFocus?: boolean;
}) {
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      {...(size ? { size } : {})}
      slotProps={{ htmlInput: { readOnly: true, style: { fontFamily: 'monospace' } } }}
      onFocus={(e) => e.target.select()}
      {...(autoFocus ? { autoFocus } : {})}
    />
  );
}

/** Copies `text` to the clipboard and says so with `copied`. */
export function CopyButton({
  text,
  label,
  copied,
  ...rest
}: { text: string; label: string; copied: string } & Pick<ButtonProps, 'size' | 'sx'>) {
  return (
    <Button {...rest} onClick={() => void navigator.clipboard?.writeText(text).then(() => notifySuccess(copied))}>
      {label}
    </Button>
  );
}
