import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import AgricultureOutlined from '@mui/icons-material/AgricultureOutlined';
import AssignmentReturnOutlined from '@mui/icons-material/AssignmentReturnOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import ContactPhoneOutlined from '@mui/icons-material/ContactPhoneOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import DriveFileRenameOutlineOutlined from '@mui/icons-material/DriveFileRenameOutlineOutlined';
import FolderCopyOutlined from '@mui/icons-material/FolderCopyOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import MailOutline from '@mui/icons-material/MailOutlineOutlined';
import NewspaperOutlined from '@mui/icons-material/NewspaperOutlined';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import PersonOutline from '@mui/icons-material/PersonOutlineOutlined';
import PlaylistAddCheck from '@mui/icons-material/PlaylistAddCheck';
import PriceChangeOutlined from '@mui/icons-material/PriceChangeOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import WarehouseOutlined from '@mui/icons-material/WarehouseOutlined';
import type { ReactElement } from 'react';

/** A menu entry's icon by the name `menu_items.icon` holds; one icon per entry (decision 194). */
export const MENU_ICONS: Record<string, ReactElement> = {
  dashboard: <DashboardOutlined />,
  catalog: <Inventory2Outlined />,
  favorite: <FavoriteBorder />,
  basket: <ShoppingCartOutlined />,
  numbers: <FormatListNumbered />,
  excel: <TableChartOutlined />,
  orders: <ReceiptLongOutlined />,
  wishes: <PlaylistAddCheck />,
  returns: <AssignmentReturnOutlined />,
  company: <BusinessOutlined />,
  support: <SupportAgentOutlined />,
  news: <NewspaperOutlined />,
  notice: <NotificationsNoneOutlined />,
  mailing: <MailOutline />,
  users: <GroupOutlined />,
  storage: <WarehouseOutlined />,
  contacts: <ContactPhoneOutlined />,
  faq: <HelpOutline />,
  profile: <PersonOutline />,
  page: <DescriptionOutlined />,
  pricelist: <RequestQuoteOutlined />,
  pricing: <PriceChangeOutlined />,
  settings: <SettingsOutlined />,
  // The back office's own (migration 0194): the order desk, the 1C exchange, the audit log, content editing.
  desk: <FactCheckOutlined />,
  exchange: <SyncOutlined />,
  audit: <HistoryOutlined />,
  content: <DriveFileRenameOutlineOutlined />,
  // The dealer's account (migration 0210, decision 200).
  account: <AccountBalanceWalletOutlined />,
  documents: <FolderCopyOutlined />,
  // The dealer's machines (migration 0240, decision 208).
  machines: <AgricultureOutlined />,
};
