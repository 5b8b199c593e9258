import AddIcon from '@mui/icons-material/Add';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { DataTable } from '../../tables';
import { useAdminOptions } from '../hooks/useAdminOptions';
import { AgentGroupDialog } from './AgentGroupDialog';
import { CampaignDialog } from './CampaignDialog';
import { CampaignListDialog } from './CampaignListDialog';
import { CompanyDialog } from './CompanyDialog';
import { DispositionDialog } from './catalog/DispositionDialog';
import { ProductDialog } from './catalog/ProductDialog';
import { StatsSourceDialog } from './catalog/StatsSourceDialog';
import { DoNotCallDialog } from './DoNotCallDialog';
import { LeadListDialog } from './leadLists/LeadListDialog';
import { TrunkDialog } from './TrunkDialog';
import { UserDialog } from './UserDialog';
import { UserImportDialog } from './UserImportDialog';

/** The administration's sections: each a server table (admin_*) and its create and edit forms. */
const SECTIONS = [
  { entity: 'users', label: 'Users', table: 'admin_users', create: 'New user' },
  { entity: 'agent_groups', label: 'Agent groups', table: 'admin_agent_groups', create: 'New group' },
  { entity: 'campaigns', label: 'Campaigns', table: 'admin_campaigns', create: 'New campaign' },
  { entity: 'campaign_lists', label: 'Campaign lists', table: 'admin_campaign_lists', create: 'New list' },
  { entity: 'lead_lists', label: 'Lead lists', table: 'admin_lead_lists', create: 'Upload leads' },
  { entity: 'dispositions', label: 'Dispositions', table: 'admin_dispositions', create: 'New disposition' },
  { entity: 'products', label: 'Products', table: 'admin_products', create: 'New product' },
  { entity: 'stats_sources', label: 'Stats sources', table: 'admin_stats_sources', create: 'New stats source' },
  { entity: 'companies', label: 'Client companies', table: 'admin_companies', create: 'New company' },
  { entity: 'trunks', label: 'Carrier trunks', table: 'admin_trunks', create: 'New trunk' },
  { entity: 'blocked_numbers', label: 'Blocked numbers', table: 'admin_blocked_numbers', create: 'New DNC number' },
] as const;

type Entity = (typeof SECTIONS)[number]['entity'];

/**
 * /admin/:entity lists one kind of record; /admin/:entity/new and /admin/:entity/:id open its form over the list (a
 * row click goes there). Closing the form goes back to the list.
 */
export function AdminPage() {
  const params = useParams();
  const navigate = useNavigate();
  // The list's filters (and a company's ?companyId) stay in the address while a form is open and after it closes.
  const { search } = useLocation();
  const section = SECTIONS.find((candidate) => candidate.entity === params.entity);
  if (!section) {
    return (
      <Alert severity="warning" data-testid="admin-unknown">
        There is no administration page '{params.entity}'.
      </Alert>
    );
  }
  const importingUsers = section.entity === 'users' && params.id === 'import';
  const id = params.id === undefined || importingUsers ? undefined : params.id === 'new' ? null : Number(params.id);
  const close = () => void navigate({ pathname: `/admin/${section.entity}`, search });
  return (
    <Box data-testid="admin-page">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Tabs value={section.entity} variant="scrollable" aria-label="Administration sections">
          {SECTIONS.map(({ entity, label }) => (
            <Tab
              key={entity}
              value={entity}
              label={label}
              component={Link}
              to={`/admin/${entity}`}
              data-testid={`admin-tab-${entity}`}
            />
          ))}
        </Tabs>
        {section.entity === 'users' ? (
          <Button
            startIcon={<UploadFileIcon />}
            component={Link}
            to={{ pathname: '/admin/users/import', search }}
            sx={{ ml: 'auto' }}
            data-testid="admin-users-import"
          >
            Import users
          </Button>
        ) : null}
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          component={Link}
          to={{ pathname: `/admin/${section.entity}/new`, search }}
          sx={{ ml: section.entity === 'users' ? 0 : 'auto' }}
          data-testid="admin-create"
        >
          {section.create}
        </Button>
      </Box>
      {section.entity === 'users' ? <CompanyNarrowing /> : null}
      <DataTable key={section.table} name={section.table} />
      {id === undefined || Number.isNaN(id) ? null : <SectionDialog entity={section.entity} id={id} onClose={close} />}
      {importingUsers ? <UserImportDialog onClose={close} /> : null}
    </Box>
  );
}

function SectionDialog({ entity, id, onClose }: { entity: Entity; id: number | null; onClose: () => void }) {
  switch (entity) {
    case 'users':
      return <UserDialog id={id} onClose={onClose} />;
    case 'agent_groups':
      return <GroupDialogLoader id={id} onClose={onClose} />;
    case 'campaigns':
      return <CampaignDialog id={id} onClose={onClose} />;
    case 'campaign_lists':
      return <CampaignListDialog id={id} onClose={onClose} />;
    case 'lead_lists':
      return <LeadListDialog id={id} onClose={onClose} />;
    case 'dispositions':
      return <DispositionDialog id={id} onClose={onClose} />;
    case 'products':
      return <ProductDialog id={id} onClose={onClose} />;
    case 'stats_sources':
      return <StatsSourceDialog id={id} onClose={onClose} />;
    case 'companies':
      return <CompanyDialog id={id} onClose={onClose} />;
    case 'trunks':
      return <TrunkDialog id={id} onClose={onClose} />;
    case 'blocked_numbers':
      // Rows are not records with a form: the list's actions remove or unblock them.
      return id === null ? <DoNotCallDialog onClose={onClose} /> : null;
  }
}

/** A group's current name comes from the forms' options (a group is only its name). */
function GroupDialogLoader({ id, onClose }: { id: number | null; onClose: () => void }) {
  const options = useAdminOptions();
  if (id === null) return <AgentGroupDialog id={null} name="" onClose={onClose} />;
  const group = options.data?.agent_groups.find((candidate) => candidate.id === id);
  if (!group) return null;
  return <AgentGroupDialog id={id} name={group.name} onClose={onClose} />;
}

/** The users list narrowed to one company (its "Portal users" link): says so, and offers the whole list back. */
function CompanyNarrowing() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const options = useAdminOptions();
  const companyId = Number(search.get('companyId'));
  if (!search.get('companyId')) return null;
  const name = options.data?.companies.find((company) => company.id === companyId)?.name ?? `company ${companyId}`;
  return (
    <Chip
      label={`Users of ${name}`}
      onDelete={() => void navigate('/admin/users')}
      sx={{ mb: 1 }}
      data-testid="admin-users-company"
    />
  );
}
