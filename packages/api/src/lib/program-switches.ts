import { isCareProgramEnabled, type CareProgram, type CareProgramSwitches } from '@vigil/contract';
import { AppError } from './app-error';

/**
 * The office's program switches (spec section 6: RPM, RTM and CCM can be enabled per office; the
 * other programs have no switch) as the one rule every write that belongs to a program applies:
 * a care-time entry or note of the program, a CCM record and each of its sections. Throws 400
 * "The {program} program is not enabled for this office" when the office's switch is off. Pure.
 */
export function assertProgramEnabled(office: CareProgramSwitches, program: CareProgram): void {
  if (!isCareProgramEnabled(office, program)) { throw AppError.badRequest('programNotEnabled', undefined, { program }); }
}
