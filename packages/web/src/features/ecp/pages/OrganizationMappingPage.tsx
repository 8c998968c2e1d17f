import { MappingOfLocations } from './LocationMappingPage';

/** /organizationMapping: ECP organizations beside the Vigil offices (and so organizations) their communities map to. */
export default function OrganizationMappingPage() {
  return <MappingOfLocations organizations />;
}
