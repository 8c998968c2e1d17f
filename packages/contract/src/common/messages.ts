/**
 * The spec's error catalogue (portal-spec.md section 8) and form messages (section 5), in one place.
 * Every message the product shows is referred to by its key; `en` is the spec's exact wording and
 * `es` its Spanish translation. Servers answer in the caller's language; the web uses the same table.
 */
export const messages = {
  // Login and sign-in
  invalidCredentials: { en: 'Invalid username or password', es: 'Usuario o contraseña no válidos' },
  tokenSignInFailed: { en: 'Error', es: 'Error' },
  patientCannotAuthenticate: { en: 'You cannot authenticate as a Patient!', es: '¡No puede autenticarse como Paciente!' },
  roleCannotAuthenticate: {
    en: 'This account cannot sign in to the staff portal',
    es: 'Esta cuenta no puede iniciar sesión en el portal del personal',
  },
  sessionExpired: { en: 'Your session has ended. Please sign in again.', es: 'Su sesión ha terminado. Inicie sesión de nuevo.' },
  hubCredentialInvalid: { en: 'The hub credential is not valid or was revoked', es: 'La credencial del hub no es válida o fue revocada' },
  tooManyAttempts: {
    en: 'Too many failed sign-in attempts. Try again in {seconds} seconds.',
    es: 'Demasiados intentos fallidos. Vuelva a intentarlo en {seconds} segundos.',
  },
  mfaCodeInvalid: { en: 'The code is not valid', es: 'El código no es válido' },
  mfaChallengeExpired: {
    en: 'This sign-in step has expired. Sign in again.',
    es: 'Este paso del inicio de sesión ha caducado. Inicie sesión de nuevo.',
  },
  mfaEnrolmentExpired: { en: 'Start the enrolment again', es: 'Vuelva a iniciar el registro' },
  mfaLastFactorRequired: {
    en: 'Your organization requires multi-factor authentication: keep at least one factor',
    es: 'Su organización exige la autenticación multifactor: conserve al menos un factor',
  },
  mfaNoFactor: { en: 'Add a factor first', es: 'Añada primero un factor' },
  mfaUnavailable: {
    en: 'Multi-factor authentication is not configured on this server',
    es: 'La autenticación multifactor no está configurada en este servidor',
  },
  ssoUnavailable: {
    en: 'Single sign-on cannot store its secrets: this server has no encryption key (VIGIL_SECRET_KEY)',
    es: 'El inicio de sesión único no puede guardar sus secretos: este servidor no tiene clave de cifrado (VIGIL_SECRET_KEY)',
  },
  passkeyInvalid: { en: 'The passkey could not be verified', es: 'No se pudo verificar la llave de acceso' },
  forbidden: { en: 'You do not have permission to do this', es: 'No tiene permiso para hacer esto' },
  metricsRefused: {
    en: 'The metrics are available only with the metrics token or from an allowed address',
    es: 'Las métricas solo están disponibles con el token de métricas o desde una dirección permitida',
  },
  // General and list errors
  noMetaData: { en: 'No meta data!', es: '¡No hay datos!' },
  invalidId: { en: 'Invalid id', es: 'Id no válido' },
  invalid: { en: 'Invalid', es: 'No válido' },
  noSummary: { en: 'No summary!', es: '¡No hay resumen!' },
  couldNotGetData: { en: 'Could not get data!', es: '¡No se pudieron obtener los datos!' },
  couldNotUpdate: { en: 'Could not update the data!', es: '¡No se pudieron actualizar los datos!' },
  couldNotGetList: { en: 'Could not get the list!', es: '¡No se pudo obtener la lista!' },
  noPublicLinks: { en: 'No public links!', es: '¡No hay enlaces públicos!' },
  // Audit report (spec section 8)
  auditFullCheckRunning: { en: 'A full check of the audit trail is already running', es: 'Ya se está realizando una comprobación completa del registro de auditoría' },
  auditReportFailed: { en: 'Failed to fetch audit report: No meta data!', es: 'No se pudo obtener el informe de auditoría: ¡No hay datos!' },
  publicLinkPeriodInvalid: {
    en: 'The period must end after it starts and cover at most one year',
    es: 'El período debe terminar después de empezar y abarcar como máximo un año',
  },
  publicLinkExpiryInvalid: {
    en: 'The link must expire in the future and within 90 days',
    es: 'El enlace debe caducar en el futuro y dentro de 90 días',
  },
  invalidRepositoryType: { en: 'Invalid Repository Type', es: 'Tipo de repositorio no válido' },
  // Diagnosis
  noDiagnosisData: { en: 'No diagnosis data!', es: '¡No hay datos de diagnóstico!' },
  couldNotGetDiagnosis: { en: 'Could not get the diagnosis data!', es: '¡No se pudieron obtener los datos de diagnóstico!' },
  // Prescriptions
  prescriptionInfoError: { en: 'Error getting prescription info', es: 'Error al obtener la información de la receta' },
  prescriptionsError: { en: 'Error getting prescriptions', es: 'Error al obtener las recetas' },
  prescriptionDeleteError: { en: 'Error deleting prescription', es: 'Error al eliminar la receta' },
  prescriptionUpdateError: { en: 'Error updating prescription', es: 'Error al actualizar la receta' },
  prescriptionAddError: { en: 'Error adding prescription', es: 'Error al añadir la receta' },
  endBeforeStart: { en: 'The end date cannot be before the start date', es: 'La fecha de fin no puede ser anterior a la de inicio' },
  prescriberNotDoctor: {
    en: "The prescriber must be an active doctor of the patient's office",
    es: 'El prescriptor debe ser un médico activo de la oficina del paciente',
  },
  routeNotOfProduct: { en: 'This route is not one of the product\'s routes', es: 'Esta vía no es una de las vías del producto' },
  drugFileMissing: { en: 'Choose a product.txt file to load', es: 'Elija un archivo product.txt para cargar' },
  diagnosisNotBillable: {
    en: '{code} is a category with more specific codes: choose one of its billable codes',
    es: '{code} es una categoría con códigos más específicos: elija uno de sus códigos facturables',
  },
  duplicateDiagnosis: { en: 'This patient already has a diagnosis with this code', es: 'Este paciente ya tiene un diagnóstico con este código' },
  icd10cmFileInvalid: {
    en: 'The file is not an ICD-10-CM order or codes file ({reason})',
    es: 'El archivo no es un archivo de orden o de códigos de la CIE-10-MC ({reason})',
  },
  icd10cmImportRunning: { en: 'An ICD-10-CM release is already being loaded', es: 'Ya se está cargando una versión de la CIE-10-MC' },
  // User
  passwordNotChanged: { en: 'Password could not be changed!', es: '¡No se pudo cambiar la contraseña!' },
  validationLinkNotSent: { en: 'Validation link could not be sent!', es: '¡No se pudo enviar el enlace de validación!' },
  couldNotGetImage: { en: 'Could not get image!', es: '¡No se pudo obtener la imagen!' },
  couldNotUploadImage: { en: 'Could not upload image!', es: '¡No se pudo subir la imagen!' },
  profileRemovalNotSent: { en: 'Profile removal link could not be sent!', es: '¡No se pudo enviar el enlace de eliminación del perfil!' },
  profilePictureRule: {
    en: 'Profile picture must be JPG or PNG, up to 2 MB',
    es: 'La foto de perfil debe ser JPG o PNG, de hasta 2 MB',
  },
  duplicateUser: { en: 'This username or e-mail is already in use', es: 'Este usuario o correo electrónico ya está en uso' },
  deceasedIsFinal: {
    en: 'A patient marked deceased cannot be changed back',
    es: 'Un paciente marcado como fallecido no puede volver a cambiarse',
  },
  // Medical staff and teams
  errorDeassigningStaff: { en: 'Error while deassigning medical staff!', es: '¡Error al desasignar al personal médico!' },
  atLeastOneFacility: { en: 'At least one facility must be assigned', es: 'Debe asignarse al menos un centro' },
  teamNeedsDoctorAndNurse: {
    en: 'A new patient needs at least one medical team member, and a doctor and a nurse must be assigned',
    es: 'Un paciente nuevo necesita al menos un miembro del equipo médico, y deben asignarse un médico y una enfermera',
  },
  // Verifiers (reference values)
  duplicateVerifier: {
    en: 'This domain already has a value with this low value',
    es: 'Este dominio ya tiene un valor con este valor bajo',
  },
  verifierInUse: { en: 'This value is in use and cannot be deleted or moved', es: 'Este valor está en uso y no se puede eliminar ni mover' },
  // Time tracking
  timeTrackingInfoError: { en: 'Error geting time tracking info', es: 'Error al obtener la información del registro de tiempo' },
  startTrackingError: { en: 'Start tracking error', es: 'Error al iniciar el registro de tiempo' },
  stopTrackingError: { en: 'Stop tracking error', es: 'Error al detener el registro de tiempo' },
  timeLimit: { en: 'Time cannot exceed 2 hours', es: 'El tiempo no puede superar las 2 horas' },
  automaticEntryLocked: {
    en: 'Automatically added entries cannot be edited or deleted',
    es: 'Las entradas añadidas automáticamente no se pueden editar ni eliminar',
  },
  programNotEnabled: { en: 'The {program} program is not enabled for this office', es: 'El programa {program} no está habilitado para esta oficina' },
  notAuthorOrOfficeAdmin: {
    en: 'Only the author or an office admin can change or delete this',
    es: 'Solo el autor o un administrador de la oficina puede modificar o eliminar esto',
  },
  futureDate: { en: 'The date cannot be in the future', es: 'La fecha no puede estar en el futuro' },
  // CCM consent and care plan dates (docs/billing-engine.md "Consent", "Complex CCM")
  revokedOnRequired: { en: 'Enter the date the patient revoked the consent', es: 'Indique la fecha en que el paciente revocó el consentimiento' },
  revokedOnWhileActive: { en: 'An active consent has no revocation date: mark it revoked or clear the date', es: 'Un consentimiento activo no tiene fecha de revocación: márquelo como revocado o borre la fecha' },
  revokedBeforeObtained: { en: 'The revocation date cannot be before the date the consent was obtained', es: 'La fecha de revocación no puede ser anterior a la fecha en que se obtuvo el consentimiento' },
  revisedBeforeEstablished: { en: 'The revision date cannot be before the date the care plan was established', es: 'La fecha de revisión no puede ser anterior a la fecha en que se estableció el plan de cuidados' },
  // CCM (portal-spec.md section 5: only the latest CCM record may be deleted)
  ccmRecordNotLatest: { en: 'This CCM record is not the latest one: only the latest CCM record may be deleted', es: 'Este registro de CCM no es el más reciente: solo se puede eliminar el registro de CCM más reciente' },
  // Patient presence
  patientAlreadyOut: { en: 'The patient is already marked out of facility', es: 'El paciente ya está marcado fuera del centro' },
  patientAlreadyBack: { en: 'The patient is already back in the facility', es: 'El paciente ya ha vuelto al centro' },
  // Medical notes and category templates
  medicalNoteDeleteNotAuthorised: {
    en: 'You are not authorised to delete this medical note',
    es: 'No está autorizado para eliminar esta nota médica',
  },
  medicalNoteInUse: {
    en: 'This medical note documents time tracked with the timer and cannot be deleted',
    es: 'Esta nota médica documenta tiempo registrado con el temporizador y no se puede eliminar',
  },
  categoryTemplateInUse: {
    en: 'This category template is used by medical notes and cannot be deleted; deactivate it instead',
    es: 'Esta plantilla de categoría está en uso en notas médicas y no se puede eliminar; desactívela en su lugar',
  },
  duplicateCategoryTemplate: {
    en: 'This office already has a category template with this title',
    es: 'Esta oficina ya tiene una plantilla de categoría con este título',
  },
  noteTemplatesForbidden: {
    en: 'You do not have permission to manage medical note category templates',
    es: 'No tiene permiso para gestionar las plantillas de categoría de notas médicas',
  },
  // Medical note
  noMedicalNoteForMonth: {
    en: 'No medical note for the patient for the month {month} and year {year}!',
    es: '¡No hay nota médica del paciente para el mes {month} y el año {year}!',
  },
  // Billing exports, links, authorizations and profiles
  csvFutureMonth: { en: 'CSV cannot be downloaded for upcoming months', es: 'No se puede descargar el CSV de meses futuros' },
  billingLinkInvalid: { en: 'This billing link is not valid or has expired', es: 'Este enlace de facturación no es válido o ha caducado' },
  billingPractitionerNotAuthorized: {
    en: "The billing practitioner must be a doctor of the patient's office authorized to bill this program",
    es: 'El profesional de facturación debe ser un médico de la oficina del paciente autorizado a facturar este programa',
  },
  unknownDiagnosisCode: { en: 'Unknown ICD-10-CM diagnosis code', es: 'Código de diagnóstico CIE-10-MC desconocido' },
  readingOutOfRange: { en: 'The value is outside the plausible range of this measurement', es: 'El valor está fuera del rango plausible de esta medición' },
  billingMonthInFuture: {
    en: 'Billing is not available for a month still to come ({month}/{year})',
    es: 'La facturación no está disponible para un mes que aún no ha llegado ({month}/{year})',
  },
  // Monitoring plans
  duplicatePlanDeviceType: { en: 'This device type is already in the plan', es: 'Este tipo de dispositivo ya está en el plan' },
  noDefaultMonitoringPlan: {
    en: 'The office has no default monitoring plan',
    es: 'La oficina no tiene un plan de monitorización predeterminado',
  },
  // Notifications and alerts
  alertAlreadyProcessed: { en: 'This alert has already been processed', es: 'Esta alerta ya ha sido procesada' },
  notificationNotProcessable: {
    en: 'Only alerts about a patient of an office can be processed',
    es: 'Solo se pueden procesar alertas sobre un paciente de una oficina',
  },
  // Devices and hubs
  deviceIdentifierInUse: { en: 'This device identifier is already registered', es: 'Este identificador de dispositivo ya está registrado' },
  hubIdentifierInUse: { en: 'This hub identifier is already registered', es: 'Este identificador de hub ya está registrado' },
  deviceHasReadings: {
    en: 'This device has readings and cannot be deleted; unassign it instead',
    es: 'Este dispositivo tiene lecturas y no se puede eliminar; desasígnelo en su lugar',
  },
  hubHasReadings: {
    en: 'This hub has readings and cannot be deleted; disable it instead',
    es: 'Este hub tiene lecturas y no se puede eliminar; desactívelo en su lugar',
  },
  thresholdsOutOfOrder: {
    en: 'Critical limits must lie outside the caution limits',
    es: 'Los límites críticos deben estar fuera de los límites de precaución',
  },
  // Surveys and assessments (spec sections 5 and 8; docs/assessments.md)
  surveyTemplateAssigned: {
    en: 'This assessment template is assigned to a patient and cannot be deleted',
    es: 'Esta plantilla de evaluación está asignada a un paciente y no se puede eliminar',
  },
  surveyTemplateLocked: {
    en: 'A validated instrument cannot be changed; copy it to make an office template',
    es: 'Un instrumento validado no se puede modificar; cópielo para crear una plantilla de la oficina',
  },
  surveyTemplateInactive: { en: 'This assessment template is inactive', es: 'Esta plantilla de evaluación está inactiva' },
  surveyTemplateEmpty: { en: 'This assessment template has no questions', es: 'Esta plantilla de evaluación no tiene preguntas' },
  surveyQuestionNotChoice: {
    en: 'Only choice questions have offered answers',
    es: 'Solo las preguntas de opción tienen respuestas ofrecidas',
  },
  surveyReorderMismatch: {
    en: 'The new order must list every item exactly once',
    es: 'El nuevo orden debe incluir cada elemento exactamente una vez',
  },
  surveyAlreadySubmitted: { en: 'This survey has already been submitted', es: 'Esta encuesta ya ha sido enviada' },
  surveyNotOpen: { en: 'This survey is no longer open', es: 'Esta encuesta ya no está abierta' },
  surveyIncomplete: {
    en: 'Answer every required question before submitting',
    es: 'Responda todas las preguntas obligatorias antes de enviar',
  },
  surveyCompletedCannotDelete: {
    en: 'A completed survey is part of the record and cannot be deleted',
    es: 'Una encuesta completada forma parte del historial y no se puede eliminar',
  },
  surveyAnswerInvalid: { en: 'This answer does not fit the question', es: 'Esta respuesta no corresponde a la pregunta' },
  surveyRecurrenceStopped: { en: 'This assignment has already been stopped', es: 'Esta asignación ya se ha detenido' },
  notClientMonitoringPlan: {
    en: 'Surveys can be assigned to client monitoring plans only',
    es: 'Las encuestas solo se pueden asignar a planes de monitorización de clientes',
  },
  // Invoices, licences and API keys (docs/invoices.md, docs/licenses.md, docs/api-keys.md)
  invoiceNotDraft: { en: 'Only a draft invoice can be edited or deleted', es: 'Solo se puede editar o eliminar una factura en borrador' },
  invoiceTransitionNotAllowed: {
    en: 'An invoice cannot change from {from} to {to}',
    es: 'Una factura no puede pasar de {from} a {to}',
  },
  ecpCommunityHoldsRecords: {
    en: 'The ECP has already sent records for this community: a system administrator must confirm which office it belongs to',
    es: 'El ECP ya envió registros de esta comunidad: un administrador del sistema debe confirmar a qué oficina pertenece',
  },
  invoiceExistsForMonth: {
    en: 'This organization already has an invoice for this month',
    es: 'Esta organización ya tiene una factura para este mes',
  },
  invoiceDiscountTooLarge: { en: 'The discount cannot exceed the subtotal', es: 'El descuento no puede superar el subtotal' },
  invoiceNotYetOverdue: { en: 'The invoice is not past its due date', es: 'La factura no ha superado su fecha de vencimiento' },
  invoiceMonthUpcoming: { en: 'A month to come cannot be invoiced', es: 'No se puede facturar un mes futuro' },
  licenseAssigned: { en: 'This licence is assigned to a patient', es: 'Esta licencia está asignada a un paciente' },
  licenseNotAssignable: { en: 'Only an active licence can be assigned', es: 'Solo se puede asignar una licencia activa' },
  licenseTypeAlreadyAssigned: {
    en: 'This patient already has an active licence of this type',
    es: 'Este paciente ya tiene una licencia activa de este tipo',
  },
  licenseNotAssignedToPatient: { en: 'This licence is not assigned to this patient', es: 'Esta licencia no está asignada a este paciente' },
  apiKeyInvalid: { en: 'The API key is not valid or was revoked', es: 'La clave de API no es válida o fue revocada' },
  // Single sign-on (docs/security.md "Single sign-on")
  ssoRequired: {
    en: 'Your organization requires you to sign in with your organization account (single sign-on)',
    es: 'Su organización exige que inicie sesión con la cuenta de su organización (inicio de sesión único)',
  },
  ssoNotAvailable: { en: 'Single sign-on is not set up for this organization', es: 'El inicio de sesión único no está configurado para esta organización' },
  ssoFailed: {
    en: 'Sign-in with your organization failed. Please try again.',
    es: 'No se pudo iniciar sesión con su organización. Inténtelo de nuevo.',
  },
  ssoNoAccount: {
    en: 'No Vigil account matches your organization account. Ask your administrator.',
    es: 'Ninguna cuenta de Vigil corresponde a la cuenta de su organización. Consulte a su administrador.',
  },
  ssoJitRoleNotAllowed: {
    en: 'New users from single sign-on cannot get an admin role: choose Doctor, Nurse or Data coordinator',
    es: 'Los usuarios nuevos del inicio de sesión único no pueden tener un rol de administrador: elija Médico, Enfermero o Coordinador de datos',
  },
  ssoOfficeNotInOrganization: { en: 'The office must belong to this organization', es: 'La oficina debe pertenecer a esta organización' },
  ssoSecretRequired: { en: 'Enter the client secret', es: 'Introduzca el secreto del cliente' },
  ssoIssuerUnreachable: {
    en: 'The identity provider could not be reached at this issuer URL',
    es: 'No se pudo contactar con el proveedor de identidad en esta URL del emisor',
  },
  apiUserRequired: { en: 'API keys are issued to API users only', es: 'Las claves de API solo se emiten a usuarios de API' },
  smartScopeInvalid: {
    en: 'A scope must be system/<resource type or *>.rs (or .read, .r, .s)',
    es: 'Un ámbito debe ser system/<tipo de recurso o *>.rs (o .read, .r, .s)',
  },
  smartJwksInvalid: {
    en: 'The JWKS must hold RSA or EC public keys (RS384 or ES384)',
    es: 'El JWKS debe contener claves públicas RSA o EC (RS384 o ES384)',
  },
  smartJwksPrivate: {
    en: 'The JWKS holds a private key: register only the public keys',
    es: 'El JWKS contiene una clave privada: registre solo las claves públicas',
  },
  supportFileType: {
    en: 'This file type is not accepted: attach a PDF, PNG, JPEG, plain text or CSV file',
    es: 'Este tipo de archivo no se admite: adjunte un archivo PDF, PNG, JPEG, de texto o CSV',
  },
  supportFileTooLarge: { en: 'The file is larger than {limit}', es: 'El archivo supera {limit}' },
  // docs/ccm.md "Files": attachments, consent documents and imaging studies
  ccmFileType: {
    en: 'This file type is not accepted: upload a PDF, PNG, JPEG, plain text or CSV file',
    es: 'Este tipo de archivo no se admite: suba un archivo PDF, PNG, JPEG, de texto o CSV',
  },
  ccmImagingFileType: {
    en: 'This file type is not accepted: upload a DICOM, PDF, PNG or JPEG file',
    es: 'Este tipo de archivo no se admite: suba un archivo DICOM, PDF, PNG o JPEG',
  },
  ccmFileTooLarge: { en: 'The file is larger than {limit}', es: 'El archivo supera {limit}' },
  ccmFhirNotBundle: { en: 'The file is not a FHIR R4 Bundle in JSON: nothing was imported', es: 'El archivo no es un Bundle FHIR R4 en JSON: no se importó nada' },
  ccmFhirBadEntry: {
    en: 'Entry {index} ({resourceType}) of the bundle is not valid: nothing was imported',
    es: 'La entrada {index} ({resourceType}) del bundle no es válida: no se importó nada',
  },
  // Spec section 8, "Release notes"
  releaseNoteNotFound: { en: 'Error getting release note by ID', es: 'Error al obtener la nota de versión por ID' },
  releaseNoteAddFailed: { en: 'Error adding release note', es: 'Error al añadir la nota de versión' },
  // Generic failures
  tooManyRequests: { en: 'Too many requests. Try again in {seconds} seconds.', es: 'Demasiadas solicitudes. Vuelva a intentarlo en {seconds} segundos.' },
  payloadTooLarge: { en: 'The request is too large', es: 'La solicitud es demasiado grande' },
  unsupportedMediaType: { en: 'Unsupported content type', es: 'Tipo de contenido no admitido' },
  notFound: { en: 'Not found', es: 'No encontrado' },
  headersTooLarge: { en: 'The request headers are too large', es: 'Las cabeceras de la solicitud son demasiado grandes' },
  uriTooLong: { en: 'The address is too long', es: 'La dirección es demasiado larga' },
  tokenInQuery: {
    en: 'A token is not accepted in the address: send it in its header ({name})',
    es: 'No se acepta un token en la dirección: envíelo en su cabecera ({name})',
  },
  badRequest: { en: 'The request could not be read', es: 'No se pudo leer la solicitud' },
  malformedUpload: {
    en: 'The upload could not be read: send one file as multipart/form-data',
    es: 'No se pudo leer el archivo enviado: envíe un solo archivo como multipart/form-data',
  },
  conflict: { en: 'The data conflicts with a record that already exists', es: 'Los datos entran en conflicto con un registro existente' },
  validationFailed: { en: 'Some fields are not valid', es: 'Algunos campos no son válidos' },
  unexpected: {
    en: 'Something went wrong. Reference: {requestId}',
    es: 'Algo salió mal. Referencia: {requestId}',
  },
  // Enrolment (docs/enrolment.md)
  mbi: {
    en: 'This field must be a Medicare Beneficiary Identifier: 11 characters such as 1EG4-TE5-MK73',
    es: 'Este campo debe ser un identificador de beneficiario de Medicare (MBI): 11 caracteres como 1EG4-TE5-MK73',
  },
  duplicate: { en: 'This value is listed more than once', es: 'Este valor aparece más de una vez' },
  programNotOffered: { en: 'The office does not offer the {program} program', es: 'El centro no ofrece el programa {program}' },
  addressNotValidated: {
    en: 'The address could not be validated. Check the ZIP code, city and state; you can still save.',
    es: 'No se pudo validar la dirección. Revise el código postal, la ciudad y el estado; puede guardar igualmente.',
  },
  // Form messages (section 5)
  required: { en: 'This field is required', es: 'Este campo es obligatorio' },
  regex: { en: 'This field needs to be formatted', es: 'Este campo necesita tener el formato correcto' },
  max: { en: 'This field must be {length} characters or less', es: 'Este campo debe tener {length} caracteres o menos' },
  min: { en: 'This field must be {length} characters or more', es: 'Este campo debe tener {length} caracteres o más' },
  email: { en: 'This field must be a valid email', es: 'Este campo debe ser un correo electrónico válido' },
  alphanumeric: {
    en: 'This field must contain alphabetic characters or numbers',
    es: 'Este campo debe contener caracteres alfabéticos o números',
  },
  phone: { en: 'This field must be a valid phone number', es: 'Este campo debe ser un número de teléfono válido' },
  lettersOnly: { en: 'This field allows letters only', es: 'Este campo solo admite letras' },
  // Appointments (docs/appointments.md)
  appointmentClash: {
    en: '{name} is already booked from {start} to {end} on {date}',
    es: '{name} ya tiene una cita de {start} a {end} el {date}',
  },
  appointmentInPast: { en: 'An appointment cannot start in the past', es: 'Una cita no puede empezar en el pasado' },
  attendeeNotEligible: {
    en: "Attendees must be on the patient's care team or staff of the office",
    es: 'Los asistentes deben ser del equipo de atención del paciente o personal del consultorio',
  },
  appointmentDoctorInvalid: { en: 'The doctor must be a doctor of the office', es: 'El médico debe ser un médico del consultorio' },
  appointmentPatientInvalid: { en: 'The patient must be a patient of the office', es: 'El paciente debe ser un paciente del consultorio' },
  appointmentNotRequested: { en: 'This appointment is not a pending request', es: 'Esta cita no es una solicitud pendiente' },
  appointmentClosed: {
    en: 'This appointment is cancelled or finished and cannot change',
    es: 'Esta cita está cancelada o terminada y no se puede cambiar',
  },
  appointmentNotVideo: { en: 'This appointment is not a video or phone visit', es: 'Esta cita no es una visita por video o teléfono' },
  visitNotParticipant: {
    en: "Only the visit's doctor and attendees can enter this visit",
    es: 'Solo el médico y los asistentes de la visita pueden entrar en ella',
  },
  visitInvitationInvalid: {
    en: 'This visit link is not valid, has expired or was revoked',
    es: 'Este enlace de la visita no es válido, caducó o fue revocado',
  },
  invitationGuestInvalid: {
    en: "Invitations are for the patient or a caregiver on the patient's care team",
    es: 'Las invitaciones son para el paciente o un cuidador del equipo de atención del paciente',
  },
  visitNotStarted: { en: 'This visit has not started', es: 'Esta visita no ha comenzado' },
  ringCalleeCannotEnter: {
    en: 'This person cannot enter the visit: add them as an attendee first',
    es: 'Esta persona no puede entrar en la visita: agréguela primero como asistente',
  },
  ringCalleeSelf: { en: 'You cannot ring yourself', es: 'No puede llamarse a sí mismo' },
  ringAlreadyAnswered: {
    en: 'This call was already answered or is no longer ringing',
    es: 'Esta llamada ya fue respondida o ya no está sonando',
  },
  appointmentNoteForbidden: {
    en: 'Only the author can change this appointment note',
    es: 'Solo el autor puede cambiar esta nota de la cita',
  },
  controlCharacters: {
    en: 'This field contains characters that are not allowed',
    es: 'Este campo contiene caracteres no permitidos',
  },
  // Terra (portal-spec.md section 8 "Terra"; docs/integrations.md)
  noTerraData: { en: 'No terra data!', es: '¡No hay datos de Terra!' },
  noEventData: { en: 'No event data!', es: '¡No hay datos del evento!' },
  noUserMappingData: { en: 'No user mapping data!', es: '¡No hay datos de asignación de usuario!' },
  noUserMappingsFound: { en: 'No user mappings found.', es: 'No se encontraron asignaciones de usuario.' },
  terraNotConfigured: {
    en: 'The Terra connection is not configured on this server',
    es: 'La conexión con Terra no está configurada en este servidor',
  },
  terraUnreachable: { en: 'Terra could not be reached; try again later', es: 'No se pudo contactar con Terra; inténtelo más tarde' },
  terraSignatureInvalid: { en: 'The Terra signature is not valid', es: 'La firma de Terra no es válida' },
  ecpSignatureInvalid: { en: 'The ECP signature is not valid', es: 'La firma del ECP no es válida' },
  terraNotConnected: { en: 'This patient is not connected to Terra', es: 'Este paciente no está conectado a Terra' },
} as const satisfies Record<string, { en: string; es: string }>;

export type MessageKey = keyof typeof messages;
export type Lang = 'en' | 'es';

/** Resolves a catalogue message in `lang`, filling `{name}` placeholders from `params`. */
export function message(key: MessageKey, lang: Lang = 'en', params: Record<string, string | number> = {}): string {
  const template: string = messages[key][lang];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The spec's language rule (section 1): stored value ENG maps to en, anything else to es. */
export function languageFromStored(value: string | null | undefined): Lang {
  return value?.toUpperCase() === 'ENG' ? 'en' : 'es';
}

/** The stored form of a UI language. */
export function storedFromLanguage(lang: Lang): 'ENG' | 'ESP' {
  return lang === 'en' ? 'ENG' : 'ESP';
}
