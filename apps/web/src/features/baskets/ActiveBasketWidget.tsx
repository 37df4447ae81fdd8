import { type Currency } from '@portal/contract';
import Add from '@mui/icons-material/Add';
import Check from '@mui/icons-material/Check';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useActiveBasket, useBasketTotals } from '../../lib/active-basket';
import { useCurrentUser } from '../../lib/current-user';
import { money } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { useCreateBasket } from './api';

const sumText = (totals: Array<{ value: number; currency: Currency }>) =>
  totals.length ? totals.map((t) => money(t.value, t.currency)).join(' + ') : money(0);

/** The active basket in the top bar: lines and sum, switch baskets or create one (docs/spec/04-states.md). */
export default function ActiveBasketWidget() {
  const user = useCurrentUser().data;
  const allowed = user?.permissions.basket.fetch === 1;
  const { t } = useTranslation('baskets');
  const navigate = useNavigate();
  const { baskets, active, setActive } = useActiveBasket(allowed);
  const createBasket = useCreateBasket();
  const totalsOf = useBasketTotals();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!allowed) return null;

  const create = async () => {
    setAnchor(null);
    try {
      const b = await createBasket.mutateAsync();
      setActive(b.id);
      await navigate(`/basket/${b.id}/`);
    } catch (err) {
      notifyError(err);
    }
  };

  return (
    <>
      <Button
        color="inherit"
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={t('widget.label')}
        aria-haspopup="menu"
        data-testid="active-basket"
        sx={{ textTransform: 'none', gap: 1, minWidth: 0 }}
      >
        <Badge badgeContent={active?.count ?? 0} color="secondary" max={999} showZero>
          <ShoppingCartOutlined />
        </Badge>
        <Box
          component="span"
          data-testid="active-basket-sum"
          sx={{ display: { xs: 'none', md: 'inline' }, whiteSpace: 'nowrap', ml: 1 }}
        >
          {active ? sumText(totalsOf(active)) : t('widget.none')}
        </Box>
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {baskets.map((b) => (
          <MenuItem
            key={b.id}
            selected={b.id === active?.id}
            onClick={() => {
              setActive(b.id);
              setAnchor(null);
            }}
          >
            <ListItemIcon>{b.id === active?.id ? <Check fontSize="small" /> : null}</ListItemIcon>
            <ListItemText
              primary={b.name}
              secondary={t('widget.summary', { count: b.count, sum: sumText(totalsOf(b)) })}
            />
          </MenuItem>
        ))}
        {baskets.length > 0 && <Divider />}
        {active && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              void navigate(`/basket/${active.id}/`);
            }}
          >
            <ListItemIcon>
              <ShoppingCartOutlined fontSize="small" />
            </ListItemIcon>
            {t('widget.open')}
          </MenuItem>
        )}
        <MenuItem onClick={() => void create()}>
          <ListItemIcon>
            <Add fontSize="small" />
          </ListItemIcon>
          {t('widget.create')}
        </MenuItem>
      </Menu>
    </>
  );
}
