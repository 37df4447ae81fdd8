import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CheckoutMachineProps } from '../../lib/slots';
import { machinesQuery } from './api';

const NONE = 'none';

/**
 * At checkout (decisions 208, 209): a machine from «Моя техника» fills the order's VIN and model, and «Машина
 * стоит» marks the order urgent for that machine — it goes first on the supplier's order desk.
 */
export default function CheckoutMachine({ machine, urgent, error, onChange }: CheckoutMachineProps) {
  const { t } = useTranslation('machines');
  const machines = useQuery(machinesQuery());
  const items = machines.data?.items ?? [];
  if (machines.isPending || items.length === 0) return null;
  const pick = (id: string) => {
    const m = items.find((x) => String(x.id) === id);
    onChange({ ...(m ? { machine: { id: m.id, model: m.model, serial: m.serial } } : {}), urgent: m ? urgent : false });
  };
  const chosen = items.find((m) => m.id === machine);
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <TextField
        select
        label={t('checkout.machine')}
        value={chosen ? String(chosen.id) : NONE}
        onChange={(e) => pick(e.target.value)}
        error={Boolean(error)}
        helperText={error || t('checkout.machineHint')}
      >
        <MenuItem value={NONE}>{t('checkout.none')}</MenuItem>
        {items.map((m) => (
          <MenuItem key={m.id} value={String(m.id)} sx={{ whiteSpace: 'normal' }}>
            {[m.name, m.model, m.serial].filter(Boolean).join(' · ')}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={
          <Checkbox
            checked={urgent}
            disabled={!chosen}
            onChange={(e) =>
              onChange({
                ...(chosen ? { machine: { id: chosen.id, model: chosen.model, serial: chosen.serial } } : {}),
                urgent: e.target.checked,
              })
            }
          />
        }
        label={t('checkout.urgent')}
      />
      <FormHelperText sx={{ mt: -1, mx: 0 }}>
        {t(chosen ? 'checkout.urgentHint' : 'checkout.urgentNeedsMachine')}
      </FormHelperText>
      {urgent && chosen && (
        <Alert severity="warning" data-testid="urgent-notice">
          {t('checkout.urgentOn', { machine: [chosen.name, chosen.model].filter(Boolean).join(' · ') })}
        </Alert>
      )}
    </Box>
  );
}
