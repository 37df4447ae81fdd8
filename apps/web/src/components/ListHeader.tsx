import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ComponentProps } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from './PageHeader';
import { UrlDealerCompanyFilter } from './UrlDealerCompanyFilter';
import { UrlSelectFilter } from './UrlList';

/**
 * The top of a URL-paged list screen: its title, a «create» button when the caller may create, and an
 * optional select filter kept in the URL (returns, wishes, support appeals) and, for staff, the dealer and
 * company filters.
 */
export function ListHeader({
  title,
  create,
  filter,
  dealerFilter,
}: {
  title: string;
  create?: { to: string; label: string } | false | null;
  filter?: ComponentProps<typeof UrlSelectFilter>;
  /** Staff: filter by dealer and company too. */
  dealerFilter?: boolean;
}) {
  return (
    <>
      <PageHeader
        title={title}
        actions={
          create ? (
            <Button variant="contained" startIcon={<Add />} component={RouterLink} to={create.to}>
              {create.label}
            </Button>
          ) : undefined
        }
      />
      {(filter || dealerFilter) && (
        <Box sx={{ mb: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          {filter && (
            <Box sx={{ flex: { xs: '1 1 100%', sm: '0 1 260px' }, minWidth: 0, '& > *': { width: '100%' } }}>
              <UrlSelectFilter {...filter} />
            </Box>
          )}
          {dealerFilter && <UrlDealerCompanyFilter />}
        </Box>
      )}
    </>
  );
}
