import { readableDay } from '@directory/domain';
import type { AppConfig } from '../../config/configuration';
import type { EnquiryDto } from './dto/enquiry.dto';

/** The enquiry as the lister of the post titled `title` receives it, with every detail the visitor gave. */
export function listerMail(config: AppConfig, title: string, dto: EnquiryDto) {
  const details = [
    `Name: ${dto.name}`,
    `Email: ${dto.email}`,
    dto.phone ? `Phone: ${dto.phone}` : null,
    dto.eventDate ? `Event date: ${readableDay(dto.eventDate)}` : null,
    dto.venue ? `Venue / county: ${dto.venue}` : null,
    '',
    dto.message,
  ]
    .filter((l) => l !== null)
    .join('\n');
  return {
    subject: `New enquiry for ${title}`,
    text: `You have a new enquiry through ${config.siteName}.\n\n${details}\n\nReply to ${dto.email} to answer.\n`,
  };
}

/** The visitor's acknowledgement. Anyone can type any address into the form, so it carries none of their text. */
export function visitorCopyMail(config: AppConfig, title: string) {
  return {
    subject: `Your enquiry to ${title}`,
    text:
      `Thank you for your enquiry through ${config.siteName}. We have sent it to ${title}, who will reply to you directly.\n\n` +
      `This address was entered on an enquiry form at ${config.siteOrigin}. If that was not you, please ignore this email.\n`,
  };
}
