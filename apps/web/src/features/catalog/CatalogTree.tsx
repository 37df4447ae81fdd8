import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import type { Section } from '@portal/contract';
import { Link as RouterLink } from 'react-router';

/** The catalogue tree (two levels) for the drawer; the current branch is open. */
export function CatalogTree({
  sections,
  currentId,
  onNavigate,
}: {
  sections: Section[];
  currentId?: number;
  onNavigate?: () => void;
}) {
  const top = sections.filter((s) => s.parentId === '0');
  const current = sections.find((s) => s.id === currentId);
  return (
    <List dense component="nav">
      {top.map((s) => {
        const children = sections.filter((c) => c.parentId === String(s.id));
        const open = !current || current.id === s.id || current.parentId === String(s.id);
        return (
          <li key={s.id} style={{ listStyle: 'none' }}>
            <ListItemButton
              component={RouterLink}
              to={`/catalog/${s.id}/`}
              selected={s.id === currentId}
              onClick={onNavigate}
            >
              <ListItemText
                primary={s.name}
                secondary={s.elementCnt}
                slotProps={{ primary: { sx: { fontWeight: 600 } } }}
              />
            </ListItemButton>
            <Collapse in={open}>
              <List dense disablePadding>
                {children.map((c) => (
                  <ListItemButton
                    key={c.id}
                    component={RouterLink}
                    to={`/catalog/${c.id}/`}
                    selected={c.id === currentId}
                    onClick={onNavigate}
                    sx={{ pl: 4 }}
                  >
                    <ListItemText primary={`${c.name} (${c.elementCnt})`} />
                  </ListItemButton>
                ))}
              </List>
            </Collapse>
          </li>
        );
      })}
    </List>
  );
}
