//! SVG pictures in pixel units.
//!
//! Every length is a whole or decimal number of pixels, the `viewBox` equals
//! the nominal size, and only plain elements and presentation attributes
//! are used (no `<use>`, no CSS, no inherited stroke settings), so librsvg,
//! resvg, ImageMagick's own renderer and web browsers draw the same picture.

use std::fmt::{self, Write as _};

use super::scene::{Anchor, Canvas, Label, Layout, Painter, Point, Rect, Scene, Stroke};
use super::style::{Colour, STYLE};

/// Renders `scene` as a standalone SVG document with `cell_px` pixels a
/// cell.
pub fn to_svg(scene: &Scene, cell_px: u32) -> String {
    let painter = Painter::new(scene, &STYLE);
    let mut svg = SvgCanvas::new(&painter.layout, cell_px);
    painter.paint(scene.path.len(), &mut svg);
    svg.finish()
}

/// Width of a character in ems, for sizing the backing under a label: a
/// little more than the digits of common sans-serif fonts need, since the
/// viewer picks the font.
const EM_PER_CHARACTER: f64 = 0.62;

/// Writes shapes given in cells as SVG elements in pixels.
pub(crate) struct SvgCanvas {
    pub out: String,
    scale: f64,
}

impl SvgCanvas {
    /// A document for the page of `layout`, header written.
    pub fn new(layout: &Layout, cell_px: u32) -> Self {
        let scale = f64::from(cell_px.max(1));
        let (columns, rows) = layout.page();
        let (width, height) = (Num(columns * scale), Num(rows * scale));
        let mut out = String::new();
        // Writing into a String cannot fail, so the fmt::Results here and in
        // the canvas methods are ignored.
        let _ = writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
        let _ = writeln!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width}" height="{height}" viewBox="0 0 {width} {height}">"#,
        );
        SvgCanvas { out, scale }
    }

    /// Closes the document.
    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }

    /// A length in cells as pixels.
    pub fn px(&self, cells: f64) -> Num {
        Num(cells * self.scale)
    }

    /// Writes `<line>` from `from` to `to`; `extra` goes inside the tag
    /// (attributes), `body` between it and the closing tag (animations).
    pub fn line_element(
        &mut self,
        from: Point,
        to: Point,
        stroke: Stroke,
        extra: &str,
        body: &str,
    ) {
        let _ = write!(
            self.out,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}" {}{extra}"#,
            self.px(from.x),
            self.px(from.y),
            self.px(to.x),
            self.px(to.y),
            self.stroke(stroke),
        );
        self.close_element("line", body);
    }

    /// Ends an element opened up to its attributes: self-closing when it
    /// has no body.
    pub fn close_element(&mut self, name: &str, body: &str) {
        if body.is_empty() {
            self.out.push_str("/>\n");
        } else {
            let _ = writeln!(self.out, ">{body}</{name}>");
        }
    }

    /// `stroke`, `stroke-width` and round ends, as attributes.
    pub fn stroke(&self, stroke: Stroke) -> String {
        format!(
            r#"fill="none" stroke="{}" stroke-width="{}" stroke-linecap="round" stroke-linejoin="round""#,
            stroke.colour,
            self.px(stroke.width)
        )
    }

    pub fn circle_element(&mut self, centre: Point, radius: f64, paint: &str, body: &str) {
        let _ = write!(
            self.out,
            r#"<circle cx="{}" cy="{}" r="{}" {paint}"#,
            self.px(centre.x),
            self.px(centre.y),
            self.px(radius),
        );
        self.close_element("circle", body);
    }

    fn rect_element(&mut self, rect: Rect, paint: &str) {
        let _ = writeln!(
            self.out,
            r#"<rect x="{}" y="{}" width="{}" height="{}" {paint}/>"#,
            self.px(rect.left),
            self.px(rect.top),
            self.px(rect.width),
            self.px(rect.height),
        );
    }

    /// Writes a label, with `extra` attributes and a `body` of animations
    /// for its text (and backing) element.
    pub fn label(&mut self, label: &Label<'_>, extra: &str, body: &str) {
        let width = EM_PER_CHARACTER * label.size * label.text.chars().count() as f64;
        if let Some(backing) = label.backing {
            let rect = label.backing_rect(width);
            let _ = write!(
                self.out,
                r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{backing}" stroke="none"{extra}"#,
                self.px(rect.left),
                self.px(rect.top),
                self.px(rect.width),
                self.px(rect.height),
            );
            self.close_element("rect", body);
        }
        let (x, anchor) = match label.anchor {
            Anchor::TopLeft => (label.at.x, "start"),
            Anchor::Centre => (label.at.x, "middle"),
        };
        let baseline = label.origin(width).y;
        let _ = writeln!(
            self.out,
            r#"<text x="{}" y="{}" font-family="DejaVu Sans, Verdana, Arial, sans-serif" font-weight="bold" font-size="{}" text-anchor="{anchor}" fill="{}" stroke="none"{extra}>{body}{}</text>"#,
            self.px(x),
            self.px(baseline),
            self.px(label.size),
            label.colour,
            Escaped(label.text),
        );
    }
}

impl Canvas for SvgCanvas {
    fn fill_rect(&mut self, rect: Rect, colour: Colour) {
        self.rect_element(rect, &format!(r#"fill="{colour}" stroke="none""#));
    }

    fn stroke_rect(&mut self, rect: Rect, stroke: Stroke) {
        let paint = self.stroke(stroke);
        self.rect_element(rect, &paint);
    }

    fn fill_circle(&mut self, centre: Point, radius: f64, colour: Colour) {
        self.circle_element(
            centre,
            radius,
            &format!(r#"fill="{colour}" stroke="none""#),
            "",
        );
    }

    fn stroke_circle(&mut self, centre: Point, radius: f64, stroke: Stroke) {
        let paint = self.stroke(stroke);
        self.circle_element(centre, radius, &paint, "");
    }

    fn polyline(&mut self, points: &[Point], closed: bool, strokes: &[Stroke]) {
        if let [from, to] = points {
            for &stroke in strokes {
                self.line_element(*from, *to, stroke, "", "");
            }
            return;
        }
        let element = if closed { "polygon" } else { "polyline" };
        let mut coordinates = String::with_capacity(points.len() * 12);
        for (index, point) in points.iter().enumerate() {
            let separator = if index == 0 { "" } else { " " };
            let _ = write!(
                coordinates,
                "{separator}{},{}",
                self.px(point.x),
                self.px(point.y)
            );
        }
        for &stroke in strokes {
            let _ = writeln!(
                self.out,
                r#"<{element} points="{coordinates}" {}/>"#,
                self.stroke(stroke),
            );
        }
    }

    fn text(&mut self, label: &Label<'_>) {
        self.label(label, "", "");
    }
}

/// Formats a length for SVG: at most two decimals, no trailing zeros, so
/// `20` stays `20` and `0.72000001` becomes `0.72`.
pub(crate) struct Num(pub f64);

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let fixed = format!("{:.2}", self.0);
        let trimmed = fixed.trim_end_matches('0').trim_end_matches('.');
        f.write_str(if trimmed == "-0" { "0" } else { trimmed })
    }
}

/// Text with the characters XML reserves written as entities.
struct Escaped<'a>(&'a str);

impl fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for character in self.0.chars() {
            match character {
                '&' => f.write_str("&amp;")?,
                '<' => f.write_str("&lt;")?,
                '>' => f.write_str("&gt;")?,
                '"' => f.write_str("&quot;")?,
                c if c.is_control() => {}
                c => f.write_char(c)?,
            }
        }
        Ok(())
    }
}
