import Assignment from '@mui/icons-material/Assignment';
import Build from '@mui/icons-material/Build';
import Call from '@mui/icons-material/Call';
import Circle from '@mui/icons-material/Circle';
import Dialpad from '@mui/icons-material/Dialpad';
import EditNote from '@mui/icons-material/EditNote';
import FactCheck from '@mui/icons-material/FactCheck';
import FreeBreakfast from '@mui/icons-material/FreeBreakfast';
import Groups from '@mui/icons-material/Groups';
import Logout from '@mui/icons-material/Logout';
import Mail from '@mui/icons-material/Mail';
import PauseCircle from '@mui/icons-material/PauseCircle';
import PhoneForwarded from '@mui/icons-material/PhoneForwarded';
import PhoneInTalk from '@mui/icons-material/PhoneInTalk';
import PhoneMissed from '@mui/icons-material/PhoneMissed';
import PhonePaused from '@mui/icons-material/PhonePaused';
import Restaurant from '@mui/icons-material/Restaurant';
import RingVolume from '@mui/icons-material/RingVolume';
import School from '@mui/icons-material/School';
import TrendingUp from '@mui/icons-material/TrendingUp';
import Work from '@mui/icons-material/Work';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';

/** The Material icon names of shared's status catalogue (LIVE_STATUSES), drawn with the app's icon package. */
const ICONS: Record<string, ComponentType<SvgIconProps>> = {
  phone_in_talk: PhoneInTalk,
  dialpad: Dialpad,
  phone_forwarded: PhoneForwarded,
  mail: Mail,
  assignment: Assignment,
  groups: Groups,
  school: School,
  fact_check: FactCheck,
  work: Work,
  trending_up: TrendingUp,
  free_breakfast: FreeBreakfast,
  restaurant: Restaurant,
  pause_circle: PauseCircle,
  build: Build,
  logout: Logout,
  ring_volume: RingVolume,
  call: Call,
  phone_paused: PhonePaused,
  edit_note: EditNote,
  phone_missed: PhoneMissed,
};

/** A status's icon by its catalogue name; a name the web does not know yet gets a plain dot. */
export function StatusIcon({ name, ...props }: { name: string } & SvgIconProps) {
  const Icon = ICONS[name] ?? Circle;
  return <Icon data-icon={name} {...props} />;
}
