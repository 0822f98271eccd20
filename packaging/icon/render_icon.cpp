// render_icon SVG PNG SIZE: draws the application icon at SIZE x SIZE pixels for the hicolor theme.
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>

#include <cstdio>
#include <cstdlib>

int main(int argc, char** argv) {
    if (argc != 4 || std::atoi(argv[3]) <= 0) {
        std::fprintf(stderr, "usage: render_icon SVG PNG SIZE\n");
        return 2;
    }
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    const QString svgFile = QString::fromLocal8Bit(argv[1]);
    const QString pngFile = QString::fromLocal8Bit(argv[2]);
    QSvgRenderer svg(svgFile);
    if (!svg.isValid()) {
        std::fprintf(stderr, "render_icon: %s is not a valid SVG file\n", argv[1]);
        return 1;
    }
    const int size = std::atoi(argv[3]);
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    svg.render(&painter);
    painter.end();
    if (!image.save(pngFile, "PNG")) {
        std::fprintf(stderr, "render_icon: could not write %s\n", argv[2]);
        return 1;
    }
    return 0;
}
