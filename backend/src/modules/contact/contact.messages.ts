import type { ContactDto } from './contact.dto';

/** The message to the site's contact address. */
export function contactMail(dto: ContactDto) {
  return {
    subject: `Contact form: ${dto.firstName} ${dto.lastName}`,
    text: `From: ${dto.firstName} ${dto.lastName} <${dto.email}>\n\n${dto.message}\n`,
  };
}
