import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { Section } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { CatalogTree } from './CatalogTree';

/**
 * The catalogue tree in a drawer, for the catalogue and for a section: over the top bar (which sits above
 * the sidebar, so a drawer at its own level starts under it and hides its first heading), with a title and
 * a close button (decision 191).
 */
export function CatalogTreeDrawer({
  open,
  onClose,
  sections,
  currentId,
}: {
  open: boolean;
  onClose: () => void;
  sections: Section[];
  currentId?: number;
}) {
  const { t } = useTranslation('catalog');
  return (
    <Drawer
      open={open}
      onClose={onClose}
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{
        paper: {
          sx: { width: { xs: '85vw', sm: 320 }, maxWidth: 320 },
          'aria-labelledby': 'catalog-tree-title',
          'data-testid': 'catalog-tree-drawer',
        } as object,
      }}
    >
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        <Typography id="catalog-tree-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('tree')}
        </Typography>
        <IconButton aria-label={t('common:close')} onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Box>
      <CatalogTree sections={sections} currentId={currentId} onNavigate={onClose} />
    </Drawer>
  );
}
