import AcUnit from '@mui/icons-material/AcUnit';
import Adjust from '@mui/icons-material/Adjust';
import Agriculture from '@mui/icons-material/Agriculture';
import AllInclusive from '@mui/icons-material/AllInclusive';
import Air from '@mui/icons-material/Air';
import Album from '@mui/icons-material/Album';
import Autorenew from '@mui/icons-material/Autorenew';
import BatteryChargingFull from '@mui/icons-material/BatteryChargingFull';
import Cable from '@mui/icons-material/Cable';
import Category from '@mui/icons-material/Category';
import Compress from '@mui/icons-material/Compress';
import ContentCut from '@mui/icons-material/ContentCut';
import DonutLarge from '@mui/icons-material/DonutLarge';
import ElectricalServices from '@mui/icons-material/ElectricalServices';
import ElectricBolt from '@mui/icons-material/ElectricBolt';
import Explore from '@mui/icons-material/Explore';
import FilterAlt from '@mui/icons-material/FilterAlt';
import FormatColorFill from '@mui/icons-material/FormatColorFill';
import Grass from '@mui/icons-material/Grass';
import Hardware from '@mui/icons-material/Hardware';
import Layers from '@mui/icons-material/Layers';
import Lightbulb from '@mui/icons-material/Lightbulb';
import LinearScale from '@mui/icons-material/LinearScale';
import LinkIcon from '@mui/icons-material/Link';
import LocalGasStation from '@mui/icons-material/LocalGasStation';
import OilBarrel from '@mui/icons-material/OilBarrel';
import Opacity from '@mui/icons-material/Opacity';
import PanTool from '@mui/icons-material/PanTool';
import PowerSettingsNew from '@mui/icons-material/PowerSettingsNew';
import PrecisionManufacturing from '@mui/icons-material/PrecisionManufacturing';
import Sensors from '@mui/icons-material/Sensors';
import Settings from '@mui/icons-material/Settings';
import StopCircle from '@mui/icons-material/StopCircle';
import TireRepair from '@mui/icons-material/TireRepair';
import TripOrigin from '@mui/icons-material/TripOrigin';
import WaterDrop from '@mui/icons-material/WaterDrop';
import type { SvgIconComponent } from '@mui/icons-material';

// A short stem must start a word: «шин» is a tyre, «машин» is not.
const word = (stem: string) => new RegExp(`(^|[^a-zа-яё])${stem}`, 'u');

/**
 * A section's picture when it has none of its own (decision 191): by words of its name, Russian as 1C sends
 * them or English, the first rule that fits; the more particular words come first (an oil filter is oil).
 */
const RULES: Array<[RegExp, SvgIconComponent]> = [
  [/антифриз|охлажд|coolant|antifreeze/u, AcUnit],
  [/масл\S* трансмисс|gear oil|transmission oil/u, FormatColorFill],
  [/масл|смазк|жидкост|lubric|fluid|(^|[^a-z])oil/u, OilBarrel],
  [/топлив|fuel/u, LocalGasStation],
  [/воздуш|(^|[^a-z])air/u, Air],
  [/фильтр|filter/u, FilterAlt],
  [/прокладк|уплотн|gasket/u, Layers],
  [/сальник|(^|[^a-z])seal/u, TripOrigin],
  [/поршн|piston/u, Hardware],
  [/водян|water/u, WaterDrop],
  [/подшипник|bearing/u, DonutLarge],
  [/муфт|сцеплен|clutch/u, Adjust],
  [/шестер|редуктор|(^|[^a-z])gear/u, Settings],
  [/кардан|shaft|(^|[^а-яё])вал/u, LinearScale],
  [/рукав|шланг|патрубк|hose/u, Cable],
  [/цилиндр|cylinder/u, Compress],
  [/насос|pump/u, Autorenew],
  [word('шин'), TireRepair],
  [/колес|колёс|tyre|tire|wheel/u, TireRepair],
  [/ступиц|(^|[^a-z])hub/u, Album],
  [/тормоз|колодк|brake/u, StopCircle],
  [/рулев|steer/u, Explore],
  [/аккумулятор|батаре|batter/u, BatteryChargingFull],
  [/генератор|alternator/u, ElectricBolt],
  [/стартер|starter/u, PowerSettingsNew],
  [/освещ|свет|ламп|light|lamp/u, Lightbulb],
  [word('фар'), Lightbulb],
  [/датчик|sensor/u, Sensors],
  [/электр|electr/u, ElectricalServices],
  [/гидравл|hydraul/u, Opacity],
  [/двигат|мотор|engine|motor/u, PrecisionManufacturing],
  [/трансмисс|коробк|transmission/u, Settings],
  [/ходов|подвеск|chassis/u, Agriculture],
  [/(^|[^а-яё])нож|сегмент|knife|blade/u, ContentCut],
  [/пал(ец|ьц)|finger/u, PanTool],
  [/(^|[^а-яё])цеп|chain/u, LinkIcon],
  [/ремн|ремен|belt/u, AllInclusive],
  [/жатк|header/u, Grass],
];

/** The icon for a section by its name; a neutral one when no word fits. */
export function sectionIcon(name: string): SvgIconComponent {
  const text = name.toLowerCase();
  return RULES.find(([re]) => re.test(text))?.[1] ?? Category;
}
