import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Column } from "@react-email/column";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Row as EmailRow } from "@react-email/row";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/** A label/value table rendered in both parts; every value is escaped in the HTML part (React escapes text). */
export type Row = [label: string, value: string | null | undefined];

export type Message = { subject: string; text: string; html: string };

/** What the reader does with the message: a button in the HTML part, a labelled link in the text. */
export type Action = { label: string; url: string };

export const FIRM_NAME = "Mafunzo Training & Consultancy";
const BRAND = "#0f4c5c";
const ACCENT = "#e09f3e";
const INK = "#1e293b";
const MUTED = "#475569";

const URL_PATTERN = /https?:\/\/[^\s<>"]+/g;
const isUrl = (value: string) => /^https?:\/\/\S+$/.test(value);

/** A web address as a reader sees it in the HTML part: short and without the scheme, never 100 characters wide. */
function shortLink(url: string) {
  const bare = url.replace(/^https?:\/\//, "").replace(/\/$/, "");
  return bare.length <= 40 ? bare : `${bare.slice(0, 37)}…`;
}

/** A paragraph with its web addresses as links (the short form shown, the whole address followed). */
function Paragraph({ text, muted = false }: { text: string; muted?: boolean }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const at = match.index ?? 0;
    // a sentence's full stop after an address is not part of it
    const url = match[0].replace(/[.,;:)]+$/, "");
    parts.push(text.slice(last, at));
    parts.push(
      <Link key={at} href={url} style={{ color: BRAND, textDecoration: "underline" }}>
        {shortLink(url)}
      </Link>,
    );
    last = at + url.length;
  }
  parts.push(text.slice(last));
  return (
    <Text
      style={{
        fontSize: muted ? 13 : 15,
        lineHeight: muted ? "20px" : "23px",
        color: muted ? MUTED : INK,
        margin: "0 0 14px",
        whiteSpace: "pre-wrap",
        overflowWrap: "anywhere",
      }}
    >
      {parts}
    </Text>
  );
}

function Email({
  heading,
  preview,
  paragraphs,
  rows,
  links,
  actions,
  footer,
}: {
  heading: string;
  preview: string;
  paragraphs: string[];
  rows: [string, string][];
  links: [string, string][];
  actions: Action[];
  footer: string[];
}) {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body
        style={{
          backgroundColor: "#f1f5f9",
          fontFamily: "Arial, Helvetica, sans-serif",
          margin: 0,
          padding: "16px 0",
        }}
      >
        <Container
          style={{
            maxWidth: 600,
            width: "100%",
            backgroundColor: "#ffffff",
            borderRadius: 8,
            overflow: "hidden",
          }}
        >
          <Section
            style={{ backgroundColor: BRAND, padding: "18px 24px", borderBottom: `4px solid ${ACCENT}` }}
          >
            <Text style={{ color: "#ffffff", fontSize: 18, fontWeight: 700, margin: 0 }}>{FIRM_NAME}</Text>
          </Section>
          <Section style={{ padding: "24px 24px 8px" }}>
            <Heading as="h1" style={{ color: BRAND, fontSize: 21, lineHeight: "28px", margin: "0 0 16px" }}>
              {heading}
            </Heading>
            {paragraphs.map((p) => (
              <Paragraph key={p} text={p} />
            ))}
            {actions.length > 0 ? (
              <Section style={{ margin: "8px 0 20px" }}>
                {actions.map((action, i) => (
                  // the first is the main action, filled; the others are outlined beside or below it
                  <Button
                    key={action.url}
                    href={action.url}
                    style={{
                      backgroundColor: i === 0 ? BRAND : "#ffffff",
                      color: i === 0 ? "#ffffff" : BRAND,
                      border: `2px solid ${BRAND}`,
                      borderRadius: 6,
                      padding: "10px 20px",
                      margin: "0 8px 8px 0",
                      fontSize: 15,
                      fontWeight: 700,
                      textDecoration: "none",
                    }}
                  >
                    {action.label}
                  </Button>
                ))}
              </Section>
            ) : null}
            {rows.length > 0 ? (
              <Section style={{ border: "1px solid #e2e8f0", borderRadius: 6, margin: "4px 0 16px" }}>
                {rows.map(([label, value], i) => (
                  <EmailRow key={label} style={{ borderTop: i === 0 ? "none" : "1px solid #e2e8f0" }}>
                    <Column
                      style={{
                        width: "38%",
                        padding: "9px 12px",
                        backgroundColor: "#eef7f8",
                        fontSize: 13,
                        fontWeight: 700,
                        color: MUTED,
                        verticalAlign: "top",
                      }}
                    >
                      {label}
                    </Column>
                    <Column
                      style={{
                        padding: "9px 12px",
                        fontSize: 14,
                        color: INK,
                        whiteSpace: "pre-wrap",
                        overflowWrap: "anywhere",
                        wordBreak: "break-word",
                        verticalAlign: "top",
                      }}
                    >
                      {value}
                    </Column>
                  </EmailRow>
                ))}
              </Section>
            ) : null}
            {links.map(([label, url]) => (
              <Text key={label} style={{ fontSize: 14, margin: "0 0 10px" }}>
                <Link href={url} style={{ color: BRAND, fontWeight: 700, textDecoration: "underline" }}>
                  {label}
                </Link>
              </Text>
            ))}
          </Section>
          {footer.length > 0 ? (
            <Section style={{ padding: "0 24px 20px" }}>
              <Hr style={{ borderColor: "#e2e8f0", margin: "0 0 14px" }} />
              {footer.map((p) => (
                <Paragraph key={p} text={p} muted />
              ))}
            </Section>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}

/**
 * A message as clients get them: an HTML part (the firm's header, the heading, the text, the main action as a
 * button, the details as a table, links with their names instead of long addresses) and a plain-text part
 * with the same content and every address written out. `actions` are the buttons, the main one first; without
 * them, the first detail that is a web address becomes the button.
 */
export function render(
  heading: string,
  paragraphs: string[],
  rows: Row[],
  footer: string[] = [],
  { actions = [] }: { actions?: Action[] } = {},
): Message {
  const shown = rows.filter((row): row is [string, string] => Boolean(row[1]));
  const links = shown.filter(([, value]) => isUrl(value));
  const buttons = actions.length > 0 ? actions : links[0] ? [{ label: links[0][0], url: links[0][1] }] : [];
  const text = [
    FIRM_NAME,
    "",
    heading,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...(actions.length > 0 ? [...actions.map((a) => `${a.label}: ${a.url}`), ""] : []),
    ...shown.map(([label, value]) => `${label}: ${value}`),
    "",
    ...footer,
  ].join("\n");
  const html = `<!DOCTYPE html>${renderToStaticMarkup(
    <Email
      heading={heading}
      preview={paragraphs.find((p) => !/^Dear /.test(p)) ?? heading}
      paragraphs={paragraphs}
      rows={shown.filter(([, value]) => !isUrl(value))}
      links={links.filter(([, url]) => !buttons.some((button) => button.url === url))}
      actions={buttons}
      footer={footer}
    />,
  )}`;
  // a visitor's name can reach the subject: keep it on one line
  return { subject: heading.replace(/\s+/g, " ").slice(0, 200), text, html };
}
