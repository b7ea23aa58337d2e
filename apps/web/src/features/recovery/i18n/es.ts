import type { recoveryEn } from './en.ts';

// Spanish texts of this feature, loaded with its screens (./catalogue.ts).
export const recoveryEs: Record<keyof typeof recoveryEn, string> = {
  'recovery.select.title': 'Recuperación de credenciales',
  'recovery.select.heading': '¿Cómo podemos ayudarle?',
  'recovery.select.password': 'Olvidé mi contraseña',
  'recovery.select.username': 'Olvidé mi nombre de usuario',
  'recovery.next': 'Siguiente',
  'recovery.back': 'Atrás',
  'recovery.continue': 'Continuar',
  'recovery.goBack': 'Volver',
  'recovery.goToLogin': 'Ir a iniciar sesión',
  'recovery.step': 'Paso {{step}}',
  'recovery.required': 'Este campo es obligatorio.',

  'recovery.username.title': 'Olvidé mi nombre de usuario',
  'recovery.username.intro': 'Introduzca su nombre y su fecha de nacimiento.',
  'recovery.username.firstName': 'Nombre',
  'recovery.username.lastName': 'Apellido',
  'recovery.username.birthDate': 'Fecha de nacimiento',
  'recovery.username.channelText': 'Elija cómo recibir su nombre de usuario.',
  'recovery.username.textTo': 'Mensaje de texto a:',
  'recovery.username.emailTo': 'Correo electrónico a:',
  'recovery.username.sentEmail': 'Le enviamos su nombre de usuario por correo electrónico a',
  'recovery.username.sentSms':
    'Le enviamos su nombre de usuario por mensaje de texto al número que termina en',

  'recovery.password.title': 'Olvidé mi contraseña',
  'recovery.password.usernameText': 'Introduzca su nombre de usuario.',
  'recovery.password.usernameHint': 'Su nombre de usuario puede ser su dirección de correo electrónico.',
  'recovery.password.username': 'Nombre de usuario',
  'recovery.password.questionText': 'Introduzca la respuesta a su pregunta de seguridad.',
  'recovery.password.question': 'Pregunta de seguridad',
  'recovery.password.answer': 'Respuesta',
  'recovery.password.channelText': 'Elija cómo recibir la nueva contraseña',
  'recovery.password.textTo': 'Mensaje de texto a:',
  'recovery.password.emailTo': 'Correo electrónico a:',
  'recovery.activation.channelText':
    'Parece que su cuenta aún no está activada. ¿Desea recibir el enlace de activación por correo electrónico o por mensaje de texto?',
  'recovery.activation.textTo': 'Mensaje de texto al número',
  'recovery.activation.emailTo': 'Correo electrónico a',
  'recovery.activation.sentEmail':
    'Le enviamos el enlace de activación con instrucciones por correo electrónico a',
  'recovery.activation.sentSms':
    'Debe activar su cuenta para iniciar sesión. Le enviamos el enlace de activación por mensaje de texto al número que termina en',
  'recovery.password.sent': 'Le hemos enviado su contraseña temporal a',
  'recovery.password.sentPhone': 'el número de teléfono que termina en {{ending}}',
  'recovery.phoneEnding': '(***) ***-{{ending}}',
  'recovery.noSecurityQuestion':
    'Necesita tener una pregunta de seguridad para usar la función de contraseña olvidada; escriba a {{email}}',

  'recovery.error.wrongAnswer': 'La respuesta a su pregunta de seguridad no es correcta.',
  'recovery.error.expired': 'Esta solicitud de recuperación ha caducado. Vuelva a empezar.',
  'recovery.error.channelUnavailable': 'Esta forma de contacto no está disponible para su cuenta.',
  'recovery.error.smsCap':
    'Se han enviado demasiados mensajes de texto a este número. Inténtelo más tarde o elija el correo electrónico.',
  'recovery.error.rateLimited': 'Demasiadas solicitudes. Espere un minuto e inténtelo de nuevo.',
  'recovery.error.generic': 'Vaya… Algo salió mal.',

  'recovery.activate.working': 'Activando su cuenta…',
  'recovery.activate.done': 'Su cuenta ha sido activada. Ya puede iniciar sesión.',
  'recovery.activate.invalid': 'Este enlace de activación no es válido o ha caducado.',
  'recovery.activate.missing': 'Este enlace de activación está incompleto. Abra el enlace de su mensaje.',

  'security.title': 'Seguridad',
  'security.passwordHeading': 'Elija una nueva contraseña',
  'security.questionHeading': 'Establezca una pregunta y una respuesta de seguridad',
  'security.newPassword': 'Nueva contraseña',
  'security.confirmPassword': 'Confirmar contraseña',
  'security.showPassword': 'Mostrar contraseña',
  'security.question': 'Pregunta de seguridad',
  'security.answer': 'Respuesta',
  'security.doctorHint': 'Use 8 o más caracteres con una combinación de letras, números y símbolos',
  'security.patientHint': 'Establezca una nueva contraseña de al menos 8 caracteres.',
  'security.passwordsDoNotMatch': 'Las contraseñas no coinciden',
  'security.bothOrNeither': 'Se deben indicar tanto la pregunta de seguridad como la respuesta',
  'security.answerLength': 'La respuesta debe tener entre 6 y 100 caracteres.',
  'security.required': 'Este campo es obligatorio.',
  'security.save': 'Guardar',
  'security.logout': 'Cerrar sesión',
  'security.error': 'Error',
};
